/**
 * Lets the event loop run (a click, a paint) before the next step of long work. A MessageChannel
 * message is a new task that, unlike a timer, is not throttled in a background tab.
 */
export function nextTask(): Promise<void> {
	if (typeof MessageChannel === 'undefined') return new Promise((r) => setTimeout(r, 0));
	return new Promise((resolve) => {
		const channel = new MessageChannel();
		channel.port1.onmessage = () => {
			channel.port1.close();
			resolve();
		};
		channel.port2.postMessage(null);
	});
}
