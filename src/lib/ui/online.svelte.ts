/** Whether the browser believes it is online, kept current from the window's events. */
export class OnlineStatus {
	online = $state(true);

	/** Starts listening; returns the cleanup for $effect or onMount. */
	watch(): () => void {
		const update = () => (this.online = navigator.onLine);
		update();
		window.addEventListener('online', update);
		window.addEventListener('offline', update);
		return () => {
			window.removeEventListener('online', update);
			window.removeEventListener('offline', update);
		};
	}
}

export const onlineStatus = new OnlineStatus();
