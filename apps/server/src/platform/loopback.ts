/** 127.0.0.0/8, ::1 and IPv4-mapped 127.x: the dev mailbox holds live links, so only this machine may read it. */
export const isLoopbackAddress = (address: string | undefined): boolean => {
  if (!address) return false;
  const v4 = address.toLowerCase().startsWith('::ffff:') ? address.slice(7) : address;
  return /^127\.\d{1,3}\.\d{1,3}\.\d{1,3}$/.test(v4) || address === '::1' || address === '0:0:0:0:0:0:0:1';
};
