// Bruno's own .bru parser (@usebruno/lang, CommonJS, no types of its own): the three readers the
// folder import uses, each a function of a file's text. Their output is read as unknown data.
declare module '@usebruno/lang/v2/src/bruToJson' {
	const bruToJson: (text: string) => unknown;
	export default bruToJson;
}
declare module '@usebruno/lang/v2/src/envToJson' {
	const envToJson: (text: string) => unknown;
	export default envToJson;
}
declare module '@usebruno/lang/v2/src/collectionBruToJson' {
	const collectionBruToJson: (text: string) => unknown;
	export default collectionBruToJson;
}
