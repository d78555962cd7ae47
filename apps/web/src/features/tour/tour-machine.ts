/** Where a step points: a dashboard element carrying `data-tour="<anchor>"` (none: the card sits in the middle). */
export type TourAnchor = 'guests' | 'messages' | 'timing' | 'payment';

export interface TourStep {
  id: 'welcome' | TourAnchor | 'done';
  anchor?: TourAnchor;
}

/** The dashboard tour (spec §2): welcome, then what a host does first, in order, then done. */
export const TOUR_STEPS: readonly TourStep[] = [
  { id: 'welcome' },
  { id: 'guests', anchor: 'guests' },
  { id: 'messages', anchor: 'messages' },
  { id: 'timing', anchor: 'timing' },
  { id: 'payment', anchor: 'payment' },
  { id: 'done' },
];

export type TourStatus = 'running' | 'finished' | 'skipped';

export interface TourState {
  index: number;
  status: TourStatus;
}

export type TourAction = { type: 'next' } | { type: 'back' } | { type: 'skip' } | { type: 'restart' };

export const initialTourState: TourState = { index: 0, status: 'running' };

/**
 * Next on the last step finishes; Back on the first stays; Skip ends at once. Once ended, only a restart (the
 * top bar's button) runs it again, from the start.
 */
export const tourReducer = (state: TourState, action: TourAction, total = TOUR_STEPS.length): TourState => {
  if (action.type === 'restart') return initialTourState;
  if (state.status !== 'running') return state;
  switch (action.type) {
    case 'next':
      return state.index >= total - 1 ? { ...state, status: 'finished' } : { ...state, index: state.index + 1 };
    case 'back':
      return state.index === 0 ? state : { ...state, index: state.index - 1 };
    case 'skip':
      return { ...state, status: 'skipped' };
  }
};

const ANCHOR_OF_PATH: readonly [RegExp, TourAnchor][] = [
  [/^\/event\/[^/]+\/guest\/list$/, 'guests'],
  [/^\/event\/[^/]+\/message-template$/, 'messages'],
  [/^\/event\/[^/]+\/guest\/timing$/, 'timing'],
  [/^\/pricing\/[^/]+$/, 'payment'],
];

/** The tour anchor of a side-menu item or a tab, by where it leads. */
export const tourAnchorOf = (to: string): TourAnchor | undefined => ANCHOR_OF_PATH.find(([path]) => path.test(to))?.[1];
