/** A locale file cut to the sign-in page's texts at build time (vite.config.ts, text-keys.ts). */
declare module '*.json?login' {
  const texts: { [key: string]: unknown };
  export default texts;
}
