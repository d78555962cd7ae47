/** The dashboard's setup steps (spec §2 setup navigation): groups, guests, messages, payment, timings. */
export interface SetupFacts {
  eventId: string;
  groups: number;
  guests: number;
  /** The host saved a text or looked at the defaults. */
  templatesChecked: boolean;
  paid: boolean;
  /** The host moved a time or looked at the timing. */
  timingsChecked: boolean;
}

export interface SetupStep {
  key: 'groups' | 'guests' | 'templates' | 'payment' | 'timings';
  to: string;
  done: boolean;
}

export const setupSteps = (facts: SetupFacts): SetupStep[] => {
  const base = `/event/${facts.eventId}`;
  return [
    { key: 'groups', to: `${base}/guest/groups`, done: facts.groups > 0 },
    { key: 'guests', to: `${base}/guest/list`, done: facts.guests > 0 },
    { key: 'templates', to: `${base}/message-template`, done: facts.templatesChecked },
    { key: 'payment', to: `/pricing/${facts.eventId}`, done: facts.paid },
    { key: 'timings', to: `${base}/guest/timing`, done: facts.timingsChecked },
  ];
};

const seenKey = (eventId: string, screen: 'templates' | 'timings') => `magiim.setupSeen.${screen}.${eventId}`;

/** Opening the templates or the timing screen counts as having reviewed it (the defaults are accepted). */
export const markSetupSeen = (eventId: string, screen: 'templates' | 'timings'): void => {
  try {
    localStorage.setItem(seenKey(eventId, screen), '1');
  } catch {
    // Storage refused (private mode): the step simply stays open.
  }
};

export const wasSetupSeen = (eventId: string, screen: 'templates' | 'timings'): boolean => {
  try {
    return localStorage.getItem(seenKey(eventId, screen)) === '1';
  } catch {
    return false;
  }
};
