/** What to do when the browser's storage for this site is full: said by the reader and the notes. */
export const FREE_SPACE =
	'Free some space (delete a translation you no longer read under Storage on the Bible page, or clear other sites’ data in the browser’s settings)';
