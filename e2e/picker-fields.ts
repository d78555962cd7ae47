import type { Locator, Page } from 'playwright-core';

/**
 * The event form's date and time pickers (MUI X): the value shows in sections (day, month, year; hours,
 * minutes) typed digit by digit, and a hidden input named after the field holds the text the host sees.
 */
export const pickerGroup = (page: Page, name: string): Locator => page.locator(`[role="group"]:has(> input[name="${name}"])`);

/** What the field shows, e.g. "17/06/2027" or "19:30". */
export const pickerText = (page: Page, name: string): Promise<string> => page.inputValue(`input[name="${name}"]`);

/** `2027-06-17` as the pickers write it: 17/06/2027. */
export const asPickerDate = (iso: string): string => iso.split('-').reverse().join('/');

const typeDigits = async (page: Page, name: string, digits: string) => {
  await pickerGroup(page, name).locator('[role="spinbutton"]').first().click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.type(digits);
};

/** Types an ISO date into a date picker as a host would (day, month, year). */
export const typeDate = (page: Page, name: string, iso: string) => typeDigits(page, name, asPickerDate(iso).replace(/\//g, ''));

/** Types `HH:mm` into a time picker. */
export const typeTime = (page: Page, name: string, time: string) => typeDigits(page, name, time.replace(':', ''));
