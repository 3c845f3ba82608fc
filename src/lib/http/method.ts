/**
 * An HTTP method is a token of RFC 9110 (§9.1, §5.6.2): letters, digits and a few marks, nothing
 * that ends a word in a shell or a line in a request. Imported files are checked against it, so a
 * method can never smuggle a command into a copied cURL.
 */
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

/** The longest method accepted: the registered ones are at most 17 characters (BASELINE-CONTROL). */
export const METHOD_MAX_CHARS = 20;

export function isHttpMethod(value: unknown): value is string {
	return typeof value === 'string' && value.length <= METHOD_MAX_CHARS && TOKEN.test(value);
}
