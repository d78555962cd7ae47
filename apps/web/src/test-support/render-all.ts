import type { ReactNode } from 'react';
import { prerenderToNodeStream } from 'react-dom/static';

/** The HTML of `element` once everything it loads lazily has arrived (renderToString would show the fallbacks). */
export const renderAll = async (element: ReactNode): Promise<string> => {
  const { prelude } = await prerenderToNodeStream(element);
  let html = '';
  for await (const chunk of prelude) html += String(chunk);
  return html;
};
