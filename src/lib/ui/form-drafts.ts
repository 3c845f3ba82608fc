/**
 * Keeps what the user typed across an update reload: every named or id'd field's value goes to
 * session storage, and is put back (with input events, so bound state follows) once the page
 * shows the same fields again. Secrets are never saved: password and file fields, a secret field
 * while it is shown as text (`data-secret`), and any text that carries a credential (a pasted
 * cURL command with a token, a header list with PRIVATE-TOKEN).
 */
import { holdsCredential } from '$lib/http/credentials';

const KEY = 'form-drafts';

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
	storage.setItem(KEY, JSON.stringify(draft));
}

/** Restores a saved draft for this path once; returns how many fields were restored. */
export function restoreFormDrafts(storage: Storage = sessionStorage): number {
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
	let restored = 0;
	for (const field of fields()) {
		const key = keyOf(field);
		const saved = key ? draft.fields[key] : undefined;
		if (!saved) continue;
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
