// A few elements without a browser: enough of `closest`, `dataset` and `getBoundingClientRect`
// for the Bible's small DOM helpers, with simple selectors ("a", "[data-verse]", '[role="row"]').

export interface Box {
	top: number;
	bottom: number;
	height: number;
	width: number;
}

export class FakeElement {
	readonly attrs: Record<string, string>;
	readonly dataset: Record<string, string> = {};
	box: Box = { top: 0, bottom: 0, height: 0, width: 0 };

	constructor(
		readonly tag: string,
		attrs: Record<string, string> = {},
		readonly parent?: FakeElement
	) {
		this.attrs = attrs;
		for (const [name, value] of Object.entries(attrs))
			if (name.startsWith('data-'))
				this.dataset[name.slice(5).replace(/-(\w)/g, (_, c: string) => c.toUpperCase())] = value;
	}

	matches(selector: string): boolean {
		return selector.split(',').some((part) => {
			const s = part.trim();
			const attr = /^\[([\w-]+)(?:="([^"]*)")?\]$/.exec(s);
			if (!attr) return s === this.tag;
			const value = this.attrs[attr[1]!];
			return value !== undefined && (attr[2] === undefined || value === attr[2]);
		});
	}

	closest(selector: string): FakeElement | null {
		if (this.matches(selector)) return this;
		return this.parent?.closest(selector) ?? null;
	}

	getBoundingClientRect(): Box {
		return this.box;
	}
}

/** An element standing in for an HTMLElement where a module takes one. */
export const asHtml = (el: FakeElement) => el as unknown as HTMLElement;
