import { describe, expect, it } from 'vitest';
import { buttonKey, menuKey } from '$lib/ui/menu-keys';

const items = ['Checks', 'Rename', 'Duplicate', 'Move up', 'Move down', 'Delete'];

describe('menu button keyboard (WAI-ARIA APG menu button)', () => {
	it('Enter, Space and Down open the menu on its first item; Up on its last', () => {
		expect(buttonKey('Enter')).toBe('first');
		expect(buttonKey(' ')).toBe('first');
		expect(buttonKey('ArrowDown')).toBe('first');
		expect(buttonKey('ArrowUp')).toBe('last');
	});

	it('other keys on the button are left to the page', () => {
		expect(buttonKey('Tab')).toBeNull();
		expect(buttonKey('a')).toBeNull();
		expect(buttonKey('Escape')).toBeNull();
	});
});

describe('open menu keyboard', () => {
	it('Down and Up move one item and wrap at either end', () => {
		expect(menuKey('ArrowDown', 0, items)).toBe(1);
		expect(menuKey('ArrowDown', 5, items)).toBe(0);
		expect(menuKey('ArrowUp', 3, items)).toBe(2);
		expect(menuKey('ArrowUp', 0, items)).toBe(5);
	});

	it('Home and End go to the first and last item', () => {
		expect(menuKey('Home', 4, items)).toBe(0);
		expect(menuKey('End', 1, items)).toBe(5);
	});

	it('Escape and Tab close the menu', () => {
		expect(menuKey('Escape', 2, items)).toBe('close');
		expect(menuKey('Tab', 2, items)).toBe('close');
	});

	it('a letter goes to the next item starting with it, case aside, wrapping', () => {
		expect(menuKey('d', 0, items)).toBe(2);
		expect(menuKey('D', 2, items)).toBe(5);
		expect(menuKey('d', 5, items)).toBe(2);
		expect(menuKey('m', 3, items)).toBe(4);
	});

	it('a letter no item starts with, Space and other keys are not the menu’s', () => {
		expect(menuKey('z', 0, items)).toBeNull();
		expect(menuKey(' ', 0, items)).toBeNull();
		expect(menuKey('Enter', 0, items)).toBeNull();
		expect(menuKey('ArrowRight', 0, items)).toBeNull();
	});

	it('a menu with no items only closes', () => {
		expect(menuKey('ArrowDown', 0, [])).toBeNull();
		expect(menuKey('Escape', 0, [])).toBe('close');
	});
});
