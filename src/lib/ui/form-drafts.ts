/**
 * Keeps what the user typed across an update reload: every named or id'd field's value goes to
 * session storage, and is put back (with input events, so bound state follows) once the page
 * shows the same fields again. Secrets are never saved: password and file fields, a secret field
 * while it is shown as text (`data-secret`), and any text that carries a credential (a pasted
 * cURL command with a token, a header list with PRIVATE-TOKEN).
 */
import { holdsCredential } from '$lib/http/credentials';

const KEY = 'form-drafts';
/** Characters of a field kept when the whole draft does not fit. */
const LONG_FIELD = 10_000;

interface Draft {
	path: string;
	fields: Record<string, { value: string; checked?: boolean }>;
}

type Field = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

function keyOf(field: Field): string | null {
	if (field.id) return `#${field.id}`;
	if (field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox'))
		return field.name ? `${field.name}=${field.value}` : null;
	if (field.name) return `[name=${field.name}]`;
	// Fields without id or name are known by their visible label.
	const label = field.labels?.[0]?.textContent?.trim();
	return label ? `label:${label}` : null;
}

function savable(field: Field): boolean {
	if (field instanceof HTMLInputElement && ['password', 'file', 'hidden'].includes(field.type))
		return false;
	if (field.closest('[data-secret]')) return false;
	return !holdsCredential(field.value);
}

function fields(): Field[] {
	return [...document.querySelectorAll<Field>('input, textarea, select')].filter(savable);
}

export function saveFormDrafts(storage: Storage = sessionStorage): void {
	const draft: Draft = { path: location.pathname, fields: {} };
	for (const field of fields()) {
		const key = keyOf(field);
		if (!key) continue;
		draft.fields[key] =
			field instanceof HTMLInputElement && (field.type === 'radio' || field.type === 'checkbox')
				? { value: field.value, checked: field.checked }
				: { value: field.value };
	}
	// A field of megabytes (a big variable's value) may not fit in the tab's storage: the draft is
	// kept without the long fields then, or not at all. The reload goes on either way.
	for (const most of [Infinity, LONG_FIELD, -1])
		try {
			const fields = Object.entries(draft.fields).filter(([, f]) => f.value.length <= most);
			storage.setItem(KEY, JSON.stringify({ ...draft, fields: Object.fromEntries(fields) }));
			return;
		} catch {
			// Full (or refused): try a smaller draft.
		}
}

/**
 * Restores a saved draft for this path once: the fields on the page now, then each saved field
 * as the page draws it, for `within` ms. Pages draw their lower parts a task or more after the
 * first (page-stages.svelte.ts), and a field drawn late must not lose what was typed in it.
 * Returns how many fields were restored at once.
 */
export function restoreFormDrafts(storage: Storage = sessionStorage, within = 3000): number {
	const raw = storage.getItem(KEY);
	if (!raw) return 0;
	storage.removeItem(KEY);
	let draft: Draft;
	try {
		draft = JSON.parse(raw) as Draft;
	} catch {
		return 0;
	}
	if (draft.path !== location.pathname) return 0;
	const left = new Map(Object.entries(draft.fields));
	const restored = restoreInto(left);
	if (left.size === 0) return restored;
	const observer = new MutationObserver(() => {
		// Another page: what is left belongs to the one that was reloaded.
		if (location.pathname !== draft.path) left.clear();
		else restoreInto(left);
		if (left.size === 0) stop();
	});
	const timer = setTimeout(() => stop(), within);
	function stop() {
		observer.disconnect();
		clearTimeout(timer);
	}
	observer.observe(document.body, { childList: true, subtree: true });
	return restored;
}

/** Puts the saved values into the fields shown now, and forgets each one put back. */
function restoreInto(left: Map<string, Draft['fields'][string]>): number {
	let restored = 0;
	for (const field of fields()) {
		const key = keyOf(field);
		const saved = key ? left.get(key) : undefined;
		if (!key || !saved) continue;
		left.delete(key);
		if (saved.checked !== undefined && field instanceof HTMLInputElement) {
			if (field.checked !== saved.checked) {
				field.checked = saved.checked;
				field.dispatchEvent(new Event('change', { bubbles: true }));
			}
		} else if (field.value !== saved.value) {
			field.value = saved.value;
			field.dispatchEvent(new Event('input', { bubbles: true }));
			field.dispatchEvent(new Event('change', { bubbles: true }));
		}
		restored++;
	}
	return restored;
}
