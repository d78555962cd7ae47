import { Trans } from 'react-i18next';

/** A text with numbers in it: each `<n>` is isolated left-to-right, so it reads the same inside Hebrew or Arabic. */
export function DoorText({ k, values }: { k: string; values: Record<string, string | number> }) {
  return <Trans i18nKey={`checkin.${k}`} values={values} components={{ n: <bdi dir="ltr" /> }} />;
}
