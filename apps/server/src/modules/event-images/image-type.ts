/** The shared check (packages/shared), which the browser also runs when a file is picked. */
export { detectImageKind, type ImageKind } from '@magiim/shared';
