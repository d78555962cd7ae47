import { createMongoAbility, type MongoAbility } from '@casl/ability';
import { GUEST_ABILITY, type AbilityRule, type Action, type Subject } from '@magiim/shared';
import { readAbilityRules, subscribeSession } from './session';

export type AppAbility = MongoAbility<[Action, Subject]>;

const currentRules = (): AbilityRule[] => readAbilityRules() ?? GUEST_ABILITY;

/** One ability for the whole app; it always mirrors the rules in local storage (spec §6). */
export const appAbility: AppAbility = createMongoAbility<AppAbility>(toRawRules(currentRules()));

subscribeSession(() => appAbility.update(toRawRules(currentRules())));

function toRawRules(rules: AbilityRule[]) {
  return rules as Parameters<AppAbility['update']>[0];
}
