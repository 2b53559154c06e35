/** Relative times ("Updated 3 min ago", "expires in 2 days") read this; it ticks twice a minute. */
class Clock {
  now = $state(Date.now());
  #started = false;

  start(): void {
    if (this.#started) return;
    this.#started = true;
    setInterval(() => this.touch(), 30_000);
  }

  touch(): void {
    this.now = Date.now();
  }
}

export const clock = new Clock();
