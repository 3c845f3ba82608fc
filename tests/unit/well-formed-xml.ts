/**
 * Reading XML the app writes as a strict parser does, and text made to break it: shared by the
 * tests of every XML writer (the run report, the demo servers' XML answers).
 */
import fc from 'fast-check';
import { SaxesParser } from 'saxes';

export interface XmlElement {
	name: string;
	attributes: Record<string, string>;
	/** The element's own text, its children's left out. */
	text: string;
}

/**
 * The elements and comments of an XML document, in document order; throws at the first thing
 * that is not well-formed XML 1.0. saxes is used because it checks every character against XML's
 * Char production (controls, lone surrogates, U+FFFE), which lenient parsers let through.
 */
export function parseXml(xml: string): { elements: XmlElement[]; comments: string[] } {
	const parser = new SaxesParser();
	const elements: XmlElement[] = [];
	const comments: string[] = [];
	const open: XmlElement[] = [];
	parser.on('error', (error) => {
		throw error;
	});
	parser.on('opentag', (tag) => {
		const element = {
			name: tag.name,
			attributes: tag.attributes as Record<string, string>,
			text: ''
		};
		elements.push(element);
		open.push(element);
	});
	parser.on('text', (text) => {
		if (open.length) open[open.length - 1]!.text += text;
	});
	parser.on('comment', (text) => comments.push(text));
	parser.on('closetag', () => open.pop());
	parser.write(xml).close();
	return { elements, comments };
}

/** What XML can carry of a text: the characters outside XML 1.0's Char production dropped. */
export const carried = (text: string) =>
	text.replace(/[^\t\n\r\u0020-\uD7FF\uE000-\uFFFD\u{10000}-\u{10FFFF}]/gu, '');

/** Text made to break XML: markup, comment ends, controls, lone surrogates, U+FFFE, CR. */
export const hostileText = fc
	.array(
		fc.oneof(
			fc.constantFrom(
				'-',
				'---',
				'<',
				'>',
				'&',
				'"',
				"'",
				']]>',
				'-->',
				'<!--',
				'&amp;',
				'\u0000',
				'\u0001',
				'\u001f',
				'\uD800',
				'\uDFFF',
				'\uFFFE',
				'\uFFFF',
				'\r',
				'\r\n',
				'\n',
				'\t',
				'\u0085',
				'\u2028',
				'😀'
			),
			fc.integer({ min: 0, max: 0xffff }).map((c) => String.fromCharCode(c)),
			fc.string({ unit: 'binary', maxLength: 3 })
		),
		{ maxLength: 12 }
	)
	.map((parts) => parts.join(''));
