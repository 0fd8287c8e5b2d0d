// Yields to the browser: resolves in a new task, so a long start-up is cut into tasks a tap can come between.
// A message, not a timeout, which browsers clamp to 4 ms once timeouts nest.

export function nextTask(): Promise<void> {
  return new Promise<void>((resolve) => {
    const channel = new MessageChannel();
    channel.port1.onmessage = () => {
      channel.port1.close();
      resolve();
    };
    channel.port2.postMessage(null);
  });
}
