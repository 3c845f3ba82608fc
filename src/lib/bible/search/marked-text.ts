// A search hit's verse with its matches marked, drawn as text (never as HTML).

export interface Segment {
	text: string;
	mark: boolean;
}

/** A verse cut into plain and highlighted runs, for rendering as text (never as HTML). */
export function segments(text: string, marks: readonly [number, number][]): Segment[] {
	const out: Segment[] = [];
	let at = 0;
	for (const [start, end] of marks) {
		if (start > at) out.push({ text: text.slice(at, start), mark: false });
		out.push({ text: text.slice(start, end), mark: true });
		at = end;
	}
	if (at < text.length) out.push({ text: text.slice(at), mark: false });
	return out;
}

/**
 * Fills an element with a verse, its matches in `<mark>`, as text nodes (never HTML). Plain DOM
 * rather than a Svelte block per run: search as you type builds 30 of these on a keypress.
 */
export function markedText(
	text: string,
	marks: readonly [number, number][]
): (element: HTMLElement) => void {
	return (element) => {
		element.replaceChildren(
			...segments(text, marks).map((part) => {
				if (!part.mark) return part.text;
				const mark = document.createElement('mark');
				mark.textContent = part.text;
				return mark;
			})
		);
	};
}
