import { describe, expect, it } from 'vitest';
import { initialTourState, TOUR_STEPS, tourAnchorOf, tourReducer, type TourAction, type TourState } from './tour-machine';

const run = (...actions: TourAction['type'][]): TourState =>
  actions.reduce<TourState>((state, type) => tourReducer(state, { type } as TourAction), initialTourState);

describe('tour state machine', () => {
  it('walks welcome, guests, messages, timing, payment, done, and Next on the last step finishes', () => {
    expect(TOUR_STEPS.map((step) => step.id)).toEqual(['welcome', 'guests', 'messages', 'timing', 'payment', 'done']);
    expect(run('next')).toEqual({ index: 1, status: 'running' });
    const last = run(...Array<'next'>(TOUR_STEPS.length - 1).fill('next'));
    expect(last).toEqual({ index: TOUR_STEPS.length - 1, status: 'running' });
    expect(tourReducer(last, { type: 'next' })).toEqual({ index: TOUR_STEPS.length - 1, status: 'finished' });
  });

  it('Back goes one step back and stays on the first', () => {
    expect(run('next', 'next', 'back')).toEqual({ index: 1, status: 'running' });
    expect(run('back')).toEqual(initialTourState);
  });

  it('Skip ends it from any step; an ended tour ignores Next and Back until restarted', () => {
    expect(run('next', 'skip')).toEqual({ index: 1, status: 'skipped' });
    expect(run('skip', 'next', 'back')).toEqual({ index: 0, status: 'skipped' });
    expect(run('next', 'next', 'skip', 'restart')).toEqual(initialTourState);
  });

  it('the steps between welcome and done each point at a dashboard element', () => {
    expect(TOUR_STEPS.filter((step) => step.anchor).map((step) => step.anchor)).toEqual(['guests', 'messages', 'timing', 'payment']);
    expect(TOUR_STEPS[0]?.anchor).toBeUndefined();
    expect(TOUR_STEPS.at(-1)?.anchor).toBeUndefined();
  });

  it('finds the anchor of a menu item or tab by where it leads', () => {
    expect(tourAnchorOf('/event/e1/guest/list')).toBe('guests');
    expect(tourAnchorOf('/event/e1/message-template')).toBe('messages');
    expect(tourAnchorOf('/event/e1/guest/timing')).toBe('timing');
    expect(tourAnchorOf('/pricing/e1')).toBe('payment');
    expect(tourAnchorOf('/event/e1/guest/groups')).toBeUndefined();
    expect(tourAnchorOf('/manage-events')).toBeUndefined();
  });
});
