/** A message split into its text and its links, so each link can be isolated left to right inside RTL text. */
export const linkParts = (text: string): { text: string; link: boolean }[] =>
  text
    .split(/(https?:\/\/[^\s]+)/)
    .filter((part) => part !== '')
    .map((part) => ({ text: part, link: /^https?:\/\//.test(part) }));
