/** Where one reads: a book and a chapter in it. */
export interface Position {
	bookRef: string;
	chapter: number;
}

/** Chapter before and after, across book boundaries, in the books' order. */
export function neighbours(
	books: readonly { ref: string; chaptersCount: number }[],
	bookRef: string,
	chapter: number
): { prev?: Position; next?: Position } {
	const i = books.findIndex((b) => b.ref === bookRef);
	if (i === -1) return {};
	const book = books[i]!;
	let prev: Position | undefined;
	let next: Position | undefined;
	if (chapter > 1) prev = { bookRef, chapter: chapter - 1 };
	else {
		for (let j = i - 1; j >= 0 && !prev; j--)
			if (books[j]!.chaptersCount > 0)
				prev = { bookRef: books[j]!.ref, chapter: books[j]!.chaptersCount };
	}
	if (chapter < book.chaptersCount) next = { bookRef, chapter: chapter + 1 };
	else {
		for (let j = i + 1; j < books.length && !next; j++)
			if (books[j]!.chaptersCount > 0) next = { bookRef: books[j]!.ref, chapter: 1 };
	}
	return { prev, next };
}
