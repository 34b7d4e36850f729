import { expect, type Locator } from '@playwright/test';

/** The date, time and guest picker of one offer on a tour page. */
export class BookingPicker {
  readonly root: Locator;

  constructor(private readonly offer: Locator) {
    this.root = offer.getByTestId('booking-picker');
  }

  async open(buttonName = 'Check availability') {
    await this.offer.getByRole('button', { name: buttonName }).click();
    await expect(this.root).toBeVisible();
    await expect(this.root.getByRole('table')).toHaveAttribute('aria-busy', 'false');
  }

  /** Picks the first day with tickets, in this month or the next (late in a month this one may have none left). */
  async pickFirstOpenDay(labels = { available: 'available', nextMonth: 'Next month' }): Promise<string> {
    const open = this.root.getByRole('button', { name: new RegExp(`, ${labels.available}$`) });
    if ((await open.count()) === 0) {
      await this.root.getByRole('button', { name: labels.nextMonth }).click();
      await expect(this.root.getByRole('table')).toHaveAttribute('aria-busy', 'false');
    }
    const day = open.first();
    await day.click();
    await expect(day).toHaveAttribute('aria-pressed', 'true');
    return (await day.getAttribute('data-date')) ?? '';
  }

  async pickFirstOpenTime(): Promise<string> {
    const time = this.root.getByRole('radio', { disabled: false }).first();
    await time.check();
    return (await time.getAttribute('value')) ?? '';
  }

  async showNextMonth(label = 'Next month') {
    await this.root.getByRole('button', { name: label }).click();
    await expect(this.root.getByRole('table')).toHaveAttribute('aria-busy', 'false');
  }

  /** Picks a given day, turning to the next month when the day is not in view. */
  async pickDay(date: string) {
    const day = this.root.locator(`[data-date="${date}"]`);
    if ((await day.count()) === 0) await this.showNextMonth();
    await day.click();
    await expect(day).toHaveAttribute('aria-pressed', 'true');
  }

  continueLink(name = 'Continue to checkout') {
    return this.root.getByRole('link', { name });
  }
}
