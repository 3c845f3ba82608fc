/**
 * Lint rule `local/no-hand-written-latest-wins`: no state counts its own requests to let the latest
 * answer win. AsyncResult (src/lib/ui/async-result.svelte.ts) does that once for every area, and
 * aborts the run it overtakes, which a counter never does.
 *
 * The idiom caught: a local constant taken from a counter, which is compared later with the
 * counter itself, to see whether a newer run started meanwhile:
 *
 *     const seq = ++this.#seq;           // or: this.#seq += 1; const seq = this.#seq;
 *     const page = await listOrders(…);
 *     if (seq !== this.#seq) return;     // a newer load started: drop this answer
 *
 * The counter is a field of `this` (private or not) or a variable; the constant is taken by `++`,
 * `+= n`, or by reading a counter the same class (or, for a variable, anyone) increments. Only the
 * comparison of the two (`===`, `!==`, `==`, `!=`) makes it the idiom, so honest counters pass:
 * an id handed out (`id: ++this.#next`), a retry or request count (`if (++this.#tries > 3)`), a
 * count compared with anything but itself.
 */
import { notYet } from './not-yet.js';

const EQUALITY = new Set(['===', '!==', '==', '!=']);

/**
 * What a counter is: `this.<name>` (per class) or a variable.
 * @param {any} node
 * @param {import('eslint').SourceCode} source
 * @returns {{ kind: 'field', name: string } | { kind: 'variable', variable: any } | undefined}
 */
function counterOf(node, source) {
	if (node?.type === 'MemberExpression' && node.object.type === 'ThisExpression' && !node.computed)
		return {
			kind: 'field',
			name:
				node.property.type === 'PrivateIdentifier' ? `#${node.property.name}` : node.property.name
		};
	if (node?.type === 'Identifier') {
		for (
			let scope = /** @type {import('eslint').Scope.Scope | null} */ (source.getScope(node));
			scope;
			scope = scope.upper
		) {
			const ref = scope.references.find((/** @type {any} */ r) => r.identifier === node);
			if (ref) return ref.resolved ? { kind: 'variable', variable: ref.resolved } : undefined;
		}
	}
	return undefined;
}

/**
 * The class a node is in, or null.
 * @param {any} node
 */
function classOf(node) {
	for (let n = node.parent; n; n = n.parent)
		if (n.type === 'ClassBody' || n.type === 'ClassDeclaration' || n.type === 'ClassExpression')
			return n.type === 'ClassBody' ? n : n.body;
	return null;
}

/** @type {import('eslint').Rule.RuleModule} */
export const noHandWrittenLatestWins = {
	meta: {
		type: 'problem',
		docs: {
			description:
				'No hand-written "latest wins" counter: AsyncResult drops an overtaken answer and aborts its run.'
		},
		schema: [notYet.schema],
		messages: {
			...notYet.messages,
			counter:
				"`{{name}}` counts runs by hand so that the latest answer wins. Use AsyncResult (src/lib/ui/async-result.svelte.ts, or your area session's `result()`): `await result.run((signal) => …)` shows only the latest run's answer and aborts the one it overtakes; its outcome says whether this run was shown."
		}
	},
	create(context) {
		const source = context.sourceCode;
		const listed = notYet.of(context);
		/** Counters incremented: per class for fields, or the variables. */
		/** @type {Map<any, Set<string>>} */
		const fieldsBumped = new Map();
		/** @type {Set<any>} */
		const variablesBumped = new Set();
		/** @type {{ declarator: any, counter: NonNullable<ReturnType<typeof counterOf>>, bumped: boolean, name: string }[]} */
		const taken = [];

		/** @param {any} target */
		const bump = (target) => {
			const counter = counterOf(target, source);
			if (!counter) return;
			if (counter.kind === 'variable') variablesBumped.add(counter.variable);
			else {
				const owner = classOf(target);
				if (!fieldsBumped.has(owner)) fieldsBumped.set(owner, new Set());
				fieldsBumped.get(owner)?.add(counter.name);
			}
		};
		/** @param {any} counter @param {any} node */
		const isBumped = (counter, node) =>
			counter.kind === 'variable'
				? variablesBumped.has(counter.variable)
				: (fieldsBumped.get(classOf(node))?.has(counter.name) ?? false);
		/** @param {any} a @param {any} b */
		const same = (a, b) =>
			a.kind === b.kind && (a.kind === 'field' ? a.name === b.name : a.variable === b.variable);

		return {
			UpdateExpression(/** @type {any} */ node) {
				bump(node.argument);
			},
			AssignmentExpression(/** @type {any} */ node) {
				if (node.operator === '+=' || node.operator === '-=') bump(node.left);
				// `this.#seq = this.#seq + 1`
				else if (
					node.operator === '=' &&
					node.right.type === 'BinaryExpression' &&
					(node.right.operator === '+' || node.right.operator === '-')
				) {
					const left = counterOf(node.left, source);
					const right = counterOf(node.right.left, source);
					if (left && right && same(left, right)) bump(node.left);
				}
			},
			VariableDeclarator(/** @type {any} */ node) {
				if (node.id.type !== 'Identifier' || !node.init) return;
				const init = node.init;
				/** @type {any} */
				let target;
				let bumped = false;
				if (init.type === 'UpdateExpression') [target, bumped] = [init.argument, true];
				else if (
					init.type === 'AssignmentExpression' &&
					(init.operator === '+=' || init.operator === '-=')
				)
					[target, bumped] = [init.left, true];
				else target = init;
				const counter = counterOf(target, source);
				if (counter) taken.push({ declarator: node, counter, bumped, name: node.id.name });
			},
			'Program:exit'() {
				for (const { declarator, counter, bumped, name } of taken) {
					if (!bumped && !isBumped(counter, declarator)) continue;
					const [variable] = source.getDeclaredVariables(declarator);
					const compared = variable?.references.some((/** @type {any} */ ref) => {
						const parent = ref.identifier.parent;
						if (parent?.type !== 'BinaryExpression' || !EQUALITY.has(parent.operator)) return false;
						const other = parent.left === ref.identifier ? parent.right : parent.left;
						const otherCounter = counterOf(other, source);
						return otherCounter !== undefined && same(otherCounter, counter);
					});
					if (!compared || listed.excuse()) continue;
					context.report({ node: declarator, messageId: 'counter', data: { name } });
				}
				listed.reportIfKept();
			}
		};
	}
};
