/**
 * Lets the browser run anything waiting (input, paint) before what follows: the start of the app
 * runs in several short tasks instead of one long one (each long task blocks a slow phone's input).
 * scheduler.yield where the browser has it (it keeps this work ahead of other tasks), else a new task.
 */
export function yieldToMain(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  return new Promise((resolve) => setTimeout(resolve, 0));
}
