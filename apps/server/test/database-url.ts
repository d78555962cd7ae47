/** The same server, another database (keeps a socket `?host=` query intact). */
export const databaseUrlFor = (adminUrl: string, name: string): string => {
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return url.toString();
};
