import type { ReactElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { InvitePage, type InvitePageProps } from './invite-page.js';
import { MessagePage, type MessagePageProps } from './message-page.js';
import { NavigatePage, type NavigatePageProps } from './navigate-page.js';

/** Static HTML, no hydration: the page's script only enhances the form. */
const documentOf = (element: ReactElement): string => `<!doctype html>${renderToStaticMarkup(element)}`;

export const inviteDocument = (props: InvitePageProps): string => documentOf(<InvitePage {...props} />);
export const navigateDocument = (props: NavigatePageProps): string => documentOf(<NavigatePage {...props} />);
export const messageDocument = (props: MessagePageProps): string => documentOf(<MessagePage {...props} />);
