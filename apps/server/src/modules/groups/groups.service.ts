import { MAX_GROUPS_PER_EVENT, MSG, type GroupDto } from '@magiim/shared';
import type { AppContext } from '../../platform/context.js';
import { AppError } from '../../platform/errors.js';
import { requireEventAccess } from '../events/event-access.js';
import { violatedConstraint } from '../guests/constraint-violation.js';
import { lockEvent } from '../guests/public.js';
import * as repo from './groups.repository.js';

const groupNotFound = () => new AppError('NOT_FOUND', 'group not found');

/** The unique index (event, lower(name)) decides; its refusal becomes GROUP_NAME_EXISTS. */
const mapNameConflict = (error: unknown): never => {
  if (violatedConstraint(error) === 'guest_groups_event_name_key') {
    throw new AppError('GROUP_NAME_EXISTS', 'the event has a group by that name', [{ path: 'name', message: MSG.invalidValue }]);
  }
  throw error;
};

export const listGroups = async (ctx: AppContext, userId: string, eventId: string): Promise<GroupDto[]> => {
  await requireEventAccess(ctx.db, userId, eventId, 'manageGuests');
  return repo.listGroups(ctx.db, eventId);
};

export const createGroup = async (ctx: AppContext, userId: string, eventId: string, name: string): Promise<GroupDto> => {
  await requireEventAccess(ctx.db, userId, eventId, 'manageGuests');
  try {
    const group = await ctx.db.transaction(async (tx) => {
      // Counted under the event's row lock, so parallel creates cannot pass the limit.
      if (!(await lockEvent(tx, eventId, 'update'))) throw new AppError('NOT_FOUND', 'event not found');
      if ((await repo.countGroups(tx, eventId)) >= MAX_GROUPS_PER_EVENT) {
        throw new AppError('MAX_GROUPS_REACHED', `at most ${MAX_GROUPS_PER_EVENT} groups`);
      }
      return repo.insertGroup(tx, eventId, name);
    });
    return { ...group, guestCount: 0 };
  } catch (error) {
    return mapNameConflict(error);
  }
};

export const renameGroup = async (ctx: AppContext, userId: string, eventId: string, groupId: string, name: string): Promise<GroupDto> => {
  await requireEventAccess(ctx.db, userId, eventId, 'manageGuests');
  try {
    if (!(await repo.renameGroup(ctx.db, eventId, groupId, name))) throw groupNotFound();
  } catch (error) {
    mapNameConflict(error);
  }
  const group = await repo.findGroup(ctx.db, eventId, groupId);
  if (!group) throw groupNotFound();
  return group;
};

export const deleteGroup = async (ctx: AppContext, userId: string, eventId: string, groupId: string): Promise<void> => {
  await requireEventAccess(ctx.db, userId, eventId, 'manageGuests');
  if (!(await repo.deleteGroup(ctx.db, eventId, groupId))) throw groupNotFound();
};
