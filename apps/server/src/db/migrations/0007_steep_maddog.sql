CREATE SEQUENCE "public"."order_number_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 100001 CACHE 1;--> statement-breakpoint
CREATE TABLE "coupon_uses" (
	"coupon_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"order_id" uuid NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "coupon_uses_coupon_id_user_id_pk" PRIMARY KEY("coupon_id","user_id")
);
--> statement-breakpoint
CREATE TABLE "coupons" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"percent" smallint,
	"amount" integer,
	"max_uses" integer,
	"uses" integer DEFAULT 0 NOT NULL,
	"expires_on" date,
	"starts_on" date,
	"package_id" smallint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "orders" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"order_number" bigint DEFAULT nextval('order_number_seq') NOT NULL,
	"event_id" uuid NOT NULL,
	"user_id" uuid NOT NULL,
	"kind" text NOT NULL,
	"package_id" smallint NOT NULL,
	"invitee_count" integer NOT NULL,
	"subtotal" integer NOT NULL,
	"coupon_id" uuid,
	"coupon_discount" integer DEFAULT 0 NOT NULL,
	"total" integer NOT NULL,
	"paid_amount" integer DEFAULT 0 NOT NULL,
	"status" text DEFAULT 'created' NOT NULL,
	"payment_method" text,
	"card_brand" text,
	"card_last4" text,
	"provider" text,
	"provider_ref" text,
	"transaction_id" text,
	"receipt_url" text,
	"lang" text DEFAULT 'he' NOT NULL,
	"cancel_reason" text,
	"refund_amount" integer,
	"refund_id" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"paid_at" timestamp with time zone,
	"cancelled_at" timestamp with time zone,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "package_prices" (
	"package_id" smallint NOT NULL,
	"invitee_count" integer NOT NULL,
	"price" integer NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "package_prices_package_id_invitee_count_pk" PRIMARY KEY("package_id","invitee_count")
);
--> statement-breakpoint
CREATE TABLE "sandbox_payments" (
	"ref" text PRIMARY KEY NOT NULL,
	"order_id" uuid NOT NULL,
	"amount" integer NOT NULL,
	"description" text NOT NULL,
	"success_url" text NOT NULL,
	"fail_url" text NOT NULL,
	"cancel_url" text NOT NULL,
	"notify_url" text NOT NULL,
	"outcome" text,
	"transaction_id" text,
	"refunded_amount" integer DEFAULT 0 NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"decided_at" timestamp with time zone
);
--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "coupon_uses" ADD CONSTRAINT "coupon_uses_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_event_id_events_id_fk" FOREIGN KEY ("event_id") REFERENCES "public"."events"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_user_id_users_id_fk" FOREIGN KEY ("user_id") REFERENCES "public"."users"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "orders" ADD CONSTRAINT "orders_coupon_id_coupons_id_fk" FOREIGN KEY ("coupon_id") REFERENCES "public"."coupons"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "coupons_code_key" ON "coupons" USING btree ("code");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_order_number_key" ON "orders" USING btree ("order_number");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_ref_key" ON "orders" USING btree ("provider","provider_ref");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_provider_transaction_key" ON "orders" USING btree ("provider","transaction_id");--> statement-breakpoint
CREATE INDEX "orders_user_created_idx" ON "orders" USING btree ("user_id","created_at");--> statement-breakpoint
CREATE INDEX "orders_event_idx" ON "orders" USING btree ("event_id","status");
--> statement-breakpoint
-- Seed prices in agorot, VAT included (basic = 1, premium = 2); the administration changes them later.
INSERT INTO "package_prices" ("package_id", "invitee_count", "price") VALUES
  (1, 100, 14900),
  (1, 200, 24900),
  (1, 300, 32900),
  (1, 400, 39900),
  (1, 500, 46900),
  (1, 700, 59900),
  (1, 1000, 79900),
  (1, 1500, 109900),
  (1, 2000, 139900),
  (2, 100, 24900),
  (2, 200, 39900),
  (2, 300, 52900),
  (2, 400, 64900),
  (2, 500, 76900),
  (2, 700, 97900),
  (2, 1000, 129900),
  (2, 1500, 179900),
  (2, 2000, 229900)
ON CONFLICT DO NOTHING;
