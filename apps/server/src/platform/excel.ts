import type ExcelJS from 'exceljs';

/**
 * ExcelJS, loaded the first time a sheet is read or written: with its zip and stream libraries it was about an
 * eighth of every API and worker process's start (measured with --cpu-prof), and most processes never make a sheet.
 */
export const loadExcelJs = async (): Promise<typeof ExcelJS> => (await import('exceljs')).default;
