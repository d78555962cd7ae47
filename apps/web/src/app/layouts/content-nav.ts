import type { ReactNode } from 'react';
import type { Action, Subject } from '@magiim/shared';

/** A side-menu entry or a top tab; shown only when the ability allows it (spec §2). */
export interface ContentNavItem {
  labelKey: string;
  to: string;
  icon?: ReactNode;
  can?: { action: Action; subject: Subject };
}

export interface ContentNavSection {
  titleKey?: string;
  items: ContentNavItem[];
}

export const SIDE_MENU_WIDTH = 260;
export const SIDE_MENU_MINI_WIDTH = 68;
