/** Response headers the code host lets a page on another origin read: one list, in the contract. */
export { CODEHOST_EXPOSED_HEADERS } from '$lib/contracts/codehost-cors';
