/** Issue 22: the accessibility statement (`/accessibility`, IS 5568 regulation 35). */
export function AccessibilityPage() {
  return null;
}
