import { describe, expect, it } from 'vitest';
import { comboKey } from '$lib/codehost/ui/combobox-keys';

const closed = { open: false, active: -1 };

describe('endpoint combobox keyboard (ARIA 1.2 combobox with a listbox)', () => {
	it('Down opens the list on the first option, then moves on and wraps', () => {
		expect(comboKey('ArrowDown', closed, 3)).toEqual({ open: true, active: 0, handled: true });
		expect(comboKey('ArrowDown', { open: true, active: 0 }, 3)).toMatchObject({ active: 1 });
		expect(comboKey('ArrowDown', { open: true, active: 2 }, 3)).toMatchObject({ active: 0 });
	});

	it('Alt+Down opens without choosing an option', () => {
		expect(comboKey('ArrowDown', closed, 3, true)).toEqual({
			open: true,
			active: -1,
			handled: true
		});
	});

	it('Up opens on the last option and moves back, wrapping from the text to the end', () => {
		expect(comboKey('ArrowUp', closed, 3)).toMatchObject({ open: true, active: 2 });
		expect(comboKey('ArrowUp', { open: true, active: 1 }, 3)).toMatchObject({ active: 0 });
		expect(comboKey('ArrowUp', { open: true, active: 0 }, 3)).toMatchObject({ active: 2 });
	});

	it('Enter chooses the active option and closes; with none active it is left to the form', () => {
		expect(comboKey('Enter', { open: true, active: 1 }, 3)).toEqual({
			open: false,
			active: -1,
			choose: 1,
			handled: true
		});
		expect(comboKey('Enter', { open: true, active: -1 }, 3)).toEqual({
			open: false,
			active: -1,
			handled: false
		});
		expect(comboKey('Enter', closed, 3).handled).toBe(false);
	});

	it('Escape closes an open list and is otherwise the page’s', () => {
		expect(comboKey('Escape', { open: true, active: 2 }, 3)).toEqual({
			open: false,
			active: -1,
			handled: true
		});
		expect(comboKey('Escape', closed, 3).handled).toBe(false);
	});

	it('with no options the arrows open nothing', () => {
		expect(comboKey('ArrowDown', closed, 0)).toEqual({ open: false, active: -1, handled: true });
	});

	it('Up with no options opens nothing either, and is still the combobox’s', () => {
		expect(comboKey('ArrowUp', closed, 0)).toEqual({ open: false, active: -1, handled: true });
	});

	it('Enter chooses the first option too; an active option past the list’s end is not chosen', () => {
		expect(comboKey('Enter', { open: true, active: 0 }, 3)).toMatchObject({
			choose: 0,
			handled: true
		});
		expect(comboKey('Enter', { open: true, active: 3 }, 3)).toEqual({
			open: false,
			active: -1,
			handled: false
		});
	});

	it('End and the left and right arrows, like Home, take focus back to the text', () => {
		for (const key of ['End', 'ArrowLeft', 'ArrowRight'])
			expect(comboKey(key, { open: true, active: 1 }, 3), key).toEqual({
				open: true,
				active: -1,
				handled: false
			});
	});

	it('in an open list whose options are gone, Down and Up leave no option active', () => {
		expect(comboKey('ArrowDown', { open: true, active: 2 }, 0)).toEqual({
			open: true,
			active: -1,
			handled: true
		});
		expect(comboKey('ArrowUp', { open: true, active: 2 }, 0)).toEqual({
			open: true,
			active: -1,
			handled: true
		});
	});

	it('Alt+Down in an open list keeps the list and its active option as they are', () => {
		expect(comboKey('ArrowDown', { open: true, active: 1 }, 3, true)).toEqual({
			open: true,
			active: 1,
			handled: true
		});
	});

	it('caret keys and Tab leave the list, typing keeps it', () => {
		expect(comboKey('Home', { open: true, active: 1 }, 3)).toEqual({
			open: true,
			active: -1,
			handled: false
		});
		expect(comboKey('Tab', { open: true, active: 1 }, 3)).toEqual({
			open: false,
			active: -1,
			handled: false
		});
		expect(comboKey('m', { open: true, active: 1 }, 3)).toEqual({
			open: true,
			active: 1,
			handled: false
		});
	});
});
