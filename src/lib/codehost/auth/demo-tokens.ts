/**
 * The tokens the Demo code host accepts, and what each can do, offered in the Token field in Demo
 * mode. The fake (src/lib/fakes/codehost/auth.ts) defines them; a unit test keeps the two in step.
 * No Svelte here.
 */
import type { AuthMethod } from './auth';

export interface DemoToken {
	token: string;
	/** The auth methods it is offered for. */
	methods: readonly AuthMethod[];
	can: string;
}

export const DEMO_TOKENS: readonly DemoToken[] = [
	{
		token: 'glpat-demo-token',
		methods: ['personal'],
		can: 'root, an administrator with the sudo scope: everything, also acting as another user'
	},
	{
		token: 'glpat-user-token',
		methods: ['personal'],
		can: 'alice, not an administrator: Sudo is refused (403)'
	},
	{
		token: 'glpat-nosudo-token',
		methods: ['personal'],
		can: 'root without the sudo scope: Sudo is refused (insufficient scope)'
	},
	{
		token: 'gldt-demo-deploy-token',
		methods: ['personal', 'impersonation'],
		can: 'a deploy token: this API refuses it (401)'
	},
	{
		token: 'glimp-demo-token',
		methods: ['impersonation', 'personal'],
		can: 'an impersonation token acting as alice'
	},
	{
		token: 'glcbt-demo-job-token',
		methods: ['job'],
		can: 'a job token: only job artifacts and releases accept it'
	},
	{
		token: 'oauth-expired-demo',
		methods: ['oauth'],
		can: 'an expired access token: refreshed once by itself with the refresh credential oauth-refresh-demo'
	},
	{
		token: 'oauth-revoked-demo',
		methods: ['oauth'],
		can: 'a revoked access token: 401, sign in again'
	}
];

/** The demo's OAuth sign-in. */
export const DEMO_SIGN_IN = { username: 'root', password: 'demo-password' } as const;

export function demoTokensFor(method: AuthMethod): DemoToken[] {
	return DEMO_TOKENS.filter((t) => t.methods.includes(method));
}
