/**
 * Every rule of the code-host contract (shared/seeds/RULES.md) and what the explorer does with it:
 * implemented, or shown to the person where it is the server's matter. No Svelte here.
 */
import { jsonEntries } from '$lib/http/json-walk';

export interface RuleNote {
	id: string;
	rule: string;
	explorer: string;
}

export const CODEHOST_RULES: readonly RuleNote[] = [
	{
		id: 'CH-ROOT-1',
		rule: 'The API root is {base_url}/api/v4; .json is not required.',
		explorer: 'Paths are relative to the API root; the lint flags a repeated root or .json.'
	},
	{
		id: 'CH-VER-1',
		rule: 'Only version 4 exists, as the major version in the path.',
		explorer: 'The root always ends in /api/v4.'
	},
	{
		id: 'CH-ID-1',
		rule: 'Issues, merge requests and milestones are fetched by iid, not id.',
		explorer: 'The issue template says so; a 404 explanation names it.'
	},
	{
		id: 'CH-ID-2',
		rule: 'Which identifier applies is defined per resource.',
		explorer: 'Shown in each template’s note.'
	},
	{
		id: 'CH-BOOL-1',
		rule: 'A null boolean has no default and is treated as false.',
		explorer: 'Null values of boolean fields are marked “treated as false” in the response.'
	},
	{
		id: 'CH-BOOL-2',
		rule: 'Boolean request arguments are true or false, never null.',
		explorer: 'The lint warns about null parameters.'
	},
	{
		id: 'CH-EP-1',
		rule: 'GET /projects: offset and keyset pagination.',
		explorer: 'Template; pagination inspector; keyset helper.'
	},
	{ id: 'CH-EP-2', rule: 'GET /projects/:id needs no authentication.', explorer: 'Template.' },
	{
		id: 'CH-EP-3',
		rule: 'POST /projects: name, description as query or JSON body.',
		explorer: 'Template; “Send parameters as”.'
	},
	{
		id: 'CH-EP-4',
		rule: 'DELETE /projects/:id/share/:group_id: both numeric.',
		explorer: 'Template.'
	},
	{
		id: 'CH-EP-5',
		rule: 'POST /projects/import: multipart with a file and override_params.',
		explorer: 'Template with a file field.'
	},
	{
		id: 'CH-EP-6',
		rule: 'POST /projects/:id/pipeline: ref, variables (array of hashes).',
		explorer: 'Template; form or JSON encoding.'
	},
	{ id: 'CH-EP-7', rule: 'GET /projects/:id/issues/:iid.', explorer: 'Template.' },
	{ id: 'CH-EP-8', rule: 'Issue notes are paginated.', explorer: 'Template.' },
	{
		id: 'CH-EP-9',
		rule: 'Repository files: file_path URL-encoded; query ref.',
		explorer: 'Template; %2F encoding.'
	},
	{
		id: 'CH-EP-10',
		rule: 'Branch commits: branch URL-encoded.',
		explorer: 'Template; %2F encoding.'
	},
	{ id: 'CH-EP-11', rule: 'Tags: tag URL-encoded.', explorer: 'Template; %2F encoding.' },
	{
		id: 'CH-EP-12',
		rule: 'Job artifacts accept a job token.',
		explorer: 'Template; job token auth.'
	},
	{ id: 'CH-EP-13', rule: 'Releases accept a job token.', explorer: 'Template; job token auth.' },
	{
		id: 'CH-EP-14',
		rule: '/namespaces, /groups, /users are paginated.',
		explorer: 'Templates; pagination inspector.'
	},
	{
		id: 'CH-EP-15',
		rule: 'POST /snippets: title, file_name, content, visibility.',
		explorer: 'Template (with the demo’s spam words).'
	},
	{
		id: 'CH-PATH-1',
		rule: 'A project by id or NAMESPACE%2FPROJECT.',
		explorer: 'The :id field encodes / as %2F.'
	},
	{
		id: 'CH-PATH-2',
		rule: 'File paths, branches, tags with / are encoded.',
		explorer: 'Path parameters encode / as %2F.'
	},
	{
		id: 'CH-PATH-3',
		rule: 'Unencoded parameters match no endpoint (404); proxies must not decode them.',
		explorer:
			'The lint warns before sending; the 404 explanation names it. A proxy that decodes %2F breaks these paths.'
	},
	{
		id: 'CH-PATH-4',
		rule: 'A project’s path may differ from its name.',
		explorer: 'Shown here; address projects by path_with_namespace, not name.'
	},
	{
		id: 'CH-PAY-1',
		rule: 'Parameters in the query or the body.',
		explorer: '“Send parameters as”.'
	},
	{
		id: 'CH-PAY-2',
		rule: 'A JSON body needs Content-Type: application/json.',
		explorer: 'Set with every JSON body.'
	},
	{
		id: 'CH-PAY-3',
		rule: 'A too long query gives 414; send a body.',
		explorer: 'The lint warns; after a 414 the explorer offers to move parameters into a body.'
	},
	{ id: 'CH-PAY-4', rule: 'Arrays as name[]=.', explorer: 'Encoder.' },
	{ id: 'CH-PAY-5', rule: 'Hashes as name[key]=.', explorer: 'Encoder.' },
	{
		id: 'CH-PAY-6',
		rule: 'Arrays of hashes as name[0][key]= or a JSON array.',
		explorer: 'Encoder.'
	},
	{
		id: 'CH-PAY-7',
		rule: 'A literal + is written %2B.',
		explorer: 'Encoder; the lint offers to fix a bare +.'
	},
	{
		id: 'CH-CT-1',
		rule: 'application/json by default.',
		explorer: 'Non-JSON answers are shown as text and explained.'
	},
	{
		id: 'CH-CT-2',
		rule: 'text/plain only where an endpoint says so.',
		explorer: 'Shown here; a text body is shown as text.'
	},
	{
		id: 'CH-OFF-1',
		rule: 'Offset by default: page (1), per_page (20, max 100).',
		explorer: 'The inspector notes when per_page was capped.'
	},
	{
		id: 'CH-OFF-2',
		rule: 'Link and the x-* headers.',
		explorer: 'Each listed with meaning and value.'
	},
	{
		id: 'CH-OFF-3',
		rule: 'Use the Link URLs, not your own.',
		explorer: 'First/Previous/Next/Last follow them as given.'
	},
	{
		id: 'CH-OFF-4',
		rule: 'Above 10,000 records no totals and no rel="last".',
		explorer: 'Explained in the inspector.'
	},
	{
		id: 'CH-OFF-5',
		rule: 'The hosted offering may omit headers.',
		explorer: 'Explained in the inspector.'
	},
	{
		id: 'CH-OFF-6',
		rule: 'A maximum offset exists.',
		explorer: 'The 405 suggests keyset and fills it in.'
	},
	{
		id: 'CH-OFF-7',
		rule: 'Users: keyset enforced above 50,000 records.',
		explorer: 'Same 405 advice.'
	},
	{
		id: 'CH-KEY-1',
		rule: 'pagination=keyset, per_page, order_by, sort.',
		explorer: 'Keyset helper.'
	},
	{
		id: 'CH-KEY-2',
		rule: 'rel="next" with a filter; used as given.',
		explorer: 'Next page and Fetch all pages.'
	},
	{
		id: 'CH-KEY-3',
		rule: 'No records left: no Link, empty array.',
		explorer: 'Explained in the inspector.'
	},
	{ id: 'CH-KEY-4', rule: 'Only Link on keyset.', explorer: 'Explained in the inspector.' },
	{ id: 'CH-KEY-5', rule: 'Links no longer exists.', explorer: 'Called out if it arrives.' },
	{
		id: 'CH-KEY-6',
		rule: 'Keyset only on listed resources, orderings, availability.',
		explorer: 'Keyset helper follows the table.'
	},
	{
		id: 'CH-REDIR-1',
		rule: 'A moved project answers 301 with Location.',
		explorer: 'GET follows it with the hop shown; other methods stop with the new URL.'
	},
	{
		id: 'CH-AUTH-0',
		rule: 'Missing or invalid credentials give 401.',
		explorer: 'Explained in the error view.'
	},
	{
		id: 'CH-AUTH-1',
		rule: 'OAuth: access_token or Bearer; two hours; refresh token.',
		explorer: 'Time left, refresh on demand or on expiry, one refresh at a time.'
	},
	{
		id: 'CH-AUTH-2',
		rule: 'Personal/project/group token: private_token, PRIVATE-TOKEN, Bearer.',
		explorer: 'Auth method and “Sent as”.'
	},
	{
		id: 'CH-AUTH-3',
		rule: 'Job token: job_token or JOB-TOKEN; some endpoints only.',
		explorer: 'Auth method and “Sent as”.'
	},
	{
		id: 'CH-AUTH-4',
		rule: 'Session cookie _service_session; not made through the API.',
		explorer: 'credentials: include, with the cross-origin refusal explained.'
	},
	{
		id: 'CH-AUTH-5',
		rule: 'Impersonation token like a personal token; can be switched off.',
		explorer: 'Auth method.'
	},
	{
		id: 'CH-AUTH-6',
		rule: 'Deploy tokens cannot be used with the API.',
		explorer: 'Shown here; not offered as a method.'
	},
	{
		id: 'CH-SUDO-1',
		rule: 'Admin with sudo scope can act as another user.',
		explorer: 'Sudo field.'
	},
	{
		id: 'CH-SUDO-2',
		rule: 'sudo query or Sudo header; id or username.',
		explorer: '“Target sent as”.'
	},
	{
		id: 'CH-SUDO-3',
		rule: 'Runs with the target’s permissions.',
		explorer: 'Try GET /user with Sudo.'
	},
	{
		id: 'CH-SUDO-4',
		rule: 'Non-admin: 403 Must be admin.',
		explorer: 'Explained in the error view.'
	},
	{
		id: 'CH-SUDO-5',
		rule: 'No sudo scope: 403 insufficient_scope.',
		explorer: 'Explained in the error view.'
	},
	{
		id: 'CH-SUDO-6',
		rule: 'Unknown user: 404 naming it.',
		explorer: 'Explained in the error view.'
	},
	{
		id: 'CH-ST-1',
		rule: 'GET 200, POST 201, PUT/PATCH 200, DELETE 204/202.',
		explorer: 'An unexpected success code is pointed out.'
	},
	{ id: 'CH-ST-2', rule: 'Meanings of the status codes.', explorer: 'Shown next to the status.' },
	{
		id: 'CH-ERR-1',
		rule: 'Missing attribute: 400 with a message string.',
		explorer: 'Error view.'
	},
	{
		id: 'CH-ERR-2',
		rule: 'Validation: 400 with a nested message object.',
		explorer: 'Error view, as property → messages.'
	},
	{
		id: 'CH-ERR-3',
		rule: 'Unknown route: 404 {"error": "404 Not Found"}.',
		explorer: 'Error view.'
	},
	{ id: 'CH-ERR-4', rule: '401 {"message": "401 Unauthorized"}.', explorer: 'Error view.' },
	{ id: 'CH-SPAM-1', rule: 'Spam without CAPTCHA: message.error.', explorer: 'Error view.' },
	{
		id: 'CH-SPAM-2',
		rule: 'Spam with CAPTCHA: needs_captcha_response, spam_log_id, captcha_site_key.',
		explorer: 'Error view with the site key.'
	},
	{
		id: 'CH-SPAM-3',
		rule: 'Resubmit with X-Service-Captcha-Response and X-Service-Spam-Log-Id.',
		explorer: '“Resubmit with CAPTCHA”.'
	},
	{
		id: 'CH-LIM-1',
		rule: 'Rate limits give 429.',
		explorer: 'Error view with Retry-After when readable; Fetch all waits for it.'
	}
];

/** Keys that hold booleans in the code host's resources (CH-BOOL-1). */
const BOOLEAN_KEY =
	/^(is_|can_|has_|needs_)|(_enabled|_access|archived|confidential|protected|merged|system|locked|admin|default|blocked)$/;

/** Paths of null values under boolean-looking keys: each is treated as false (CH-BOOL-1). */
export function nullBooleans(value: unknown, limit = 20): string[] {
	const out: string[] = [];
	for (const entry of jsonEntries(value)) {
		if (out.length >= limit) break;
		if (entry.value === null && BOOLEAN_KEY.test(entry.key)) out.push(entry.path);
	}
	return out;
}

/** Parameter paths whose value is null (CH-BOOL-2: booleans are true or false, never null). */
export function nullParams(value: unknown, path = ''): string[] {
	if (value === null) return [path];
	return [...jsonEntries(value, path)].filter((e) => e.value === null).map((e) => e.path);
}
