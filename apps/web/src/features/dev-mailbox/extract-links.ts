const ENTITIES: Record<string, string> = { '&amp;': '&', '&quot;': '"', '&#39;': "'", '&lt;': '<', '&gt;': '>' };

/** The http(s) links of an e-mail's HTML, in order, without duplicates. */
export const extractLinks = (html: string): string[] => {
  const links: string[] = [];
  for (const match of html.matchAll(/<a\b[^>]*?\bhref\s*=\s*("([^"]*)"|'([^']*)')/gi)) {
    const raw = match[2] ?? match[3] ?? '';
    const href = raw.replace(/&(amp|quot|#39|lt|gt);/g, (entity) => ENTITIES[entity] ?? entity).trim();
    if (/^https?:\/\//i.test(href) && !links.includes(href)) links.push(href);
  }
  return links;
};
