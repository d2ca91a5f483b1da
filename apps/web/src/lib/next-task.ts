/**
 * Resolves in a later task of the event loop, so what the browser has waiting (a paint, input, a
 * network answer) runs in between: the app's start-up is a few short tasks instead of one long one
 * (decision 0120). `scheduler.yield()` where the browser has it (the continuation runs before other
 * queued tasks), else a MessageChannel message (a task without a timer's 1–4 ms clamp).
 */
export function nextTask(): Promise<void> {
  const scheduler = (globalThis as { scheduler?: { yield?: () => Promise<void> } }).scheduler;
  if (typeof scheduler?.yield === 'function') return scheduler.yield();
  if (typeof MessageChannel !== 'function') return new Promise((resolve) => setTimeout(resolve, 0));
  return new Promise((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
