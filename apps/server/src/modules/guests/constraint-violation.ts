/**
 * The name of the unique or foreign-key constraint a database error broke, or undefined. Drizzle wraps the
 * driver's error, so the causes are followed.
 */
export const violatedConstraint = (error: unknown): string | undefined => {
  for (let e = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    const { code, constraint } = e as { code?: unknown; constraint?: unknown };
    if ((code === '23505' || code === '23503') && typeof constraint === 'string') return constraint;
  }
  return undefined;
};
