import type { Locator, Page } from '@playwright/test';
import { expect } from './popup-fixtures';

/**
 * Chromium's page zoom at 200 % of the popup's 380 × 560 window: the page sees a 190 × 280 CSS px
 * viewport at two device pixels per CSS pixel, and its media queries match that width. (CSS
 * `zoom` on the body would scale the same pixels without narrowing the viewport: further from it.)
 */
export const ZOOM_200 = { viewport: { width: 190, height: 280 }, deviceScaleFactor: 2 } as const;

/** No box scrolls sideways: not the page, not the plans' list, not any of its rows. */
export async function expectNoHorizontalScroll(page: Page): Promise<void> {
  const overflowing = await page.evaluate(() => {
    const boxes = [
      document.documentElement,
      document.body,
      ...document.querySelectorAll<HTMLElement>(
        'main, [data-menu-bounds], [data-proxy-id], .fold-list',
      ),
    ];
    return boxes
      .filter((box) => box.scrollWidth > box.clientWidth)
      .map((box) => `${box.tagName}.${box.className}: ${box.scrollWidth} > ${box.clientWidth}`);
  });
  expect(overflowing).toEqual([]);
}

/**
 * The element's text is shown whole: nothing cut by its own width (an ellipsis) nor hidden by a
 * box around it that clips (a fixed-height header, a scrolled list).
 */
export async function expectShownWhole(element: Locator): Promise<void> {
  await element.scrollIntoViewIfNeeded();
  const cut = await element.evaluate((node) => {
    const own = node as HTMLElement;
    if (own.scrollWidth > own.clientWidth + 0.5) return `cut at its width: ${own.textContent}`;
    const box = own.getBoundingClientRect();
    for (let up = own.parentElement; up; up = up.parentElement) {
      if (getComputedStyle(up).overflow === 'visible') continue;
      const clip = up.getBoundingClientRect();
      if (
        box.top < clip.top - 0.5 ||
        box.bottom > clip.bottom + 0.5 ||
        box.left < clip.left - 0.5 ||
        box.right > clip.right + 0.5
      ) {
        return `hidden by ${up.tagName}.${up.className}: ${own.textContent}`;
      }
    }
    return null;
  });
  expect(cut).toBeNull();
}

/** Scrolled to if need be, then wholly inside the window: a control the user can reach. */
export async function expectReachable(control: Locator): Promise<void> {
  await control.scrollIntoViewIfNeeded();
  await expect(control).toBeInViewport({ ratio: 1 });
}
