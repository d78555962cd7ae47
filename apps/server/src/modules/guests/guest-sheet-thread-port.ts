import type { GroupDto, GuestDto, ImportMapping, Lang, SideLabels } from '@magiim/shared';

/** What the main thread asks a sheet thread to do: one task per thread (see guest-sheet-thread.ts). */
export type SheetTask = { kind: 'read'; file: Uint8Array; mapping?: ImportMapping } | { kind: 'write'; lang: Lang; guests: GuestDto[]; groups: GroupDto[]; sideLabels?: SideLabels | null };
