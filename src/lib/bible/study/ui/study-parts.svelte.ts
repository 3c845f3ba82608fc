// The study tools' components and data, loaded together the first time a tool is turned on: the
// chapter page's first load carries none of them.
export { default as StrongsVerseText } from './StrongsVerseText.svelte';
export { default as StrongsPanel } from './StrongsPanel.svelte';
export { default as StrongsPopover } from './StrongsPopover.svelte';
export { default as CommentaryPanel } from './CommentaryPanel.svelte';
export { default as OriginalVerseText } from '../../original/ui/OriginalVerseText.svelte';
export { default as WordPanel } from '../../original/ui/WordPanel.svelte';
export { default as OriginalSearch } from '../../original/ui/OriginalSearch.svelte';
export { default as InterlinearVerse } from '../../original/ui/InterlinearVerse.svelte';
export { loadInterlinearChapter, loadOriginalChapter, loadStrongsChapter } from '../load';
