// What the tests need from Debian: Chromium (browser downloads are not possible here), its headless
// shell, which runs the end-to-end tests in about half the CPU time, python3-gitlab, which runs
// the explorer's generated python-gitlab code, and openssl, which makes the certificate of the
// tests that serve the site over HTTPS.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
const HEADLESS_SHELL = '/usr/bin/chromium-headless-shell';
const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
const canInstall = isRoot && existsSync('/usr/bin/apt-get');

function hasPythonGitlab() {
	try {
		execSync('/usr/bin/python3 -c "import gitlab"', { stdio: 'ignore' });
		return true;
	} catch {
		return false;
	}
}

const missing = [];
if (!existsSync(CHROMIUM)) missing.push('chromium');
if (!hasPythonGitlab()) missing.push('python3-gitlab');
if (!existsSync('/usr/bin/openssl')) missing.push('openssl');
// Optional: without it the end-to-end tests use the whole browser, only slower.
const wantsShell = !process.env.E2E_CHROMIUM_PATH && !existsSync(HEADLESS_SHELL);
if (wantsShell && canInstall) missing.push('chromium-headless-shell');
else if (wantsShell)
	console.log(
		'chromium-headless-shell is not installed: the end-to-end tests use the whole Chromium, ' +
			'which takes about twice as long ("sudo apt-get install chromium-headless-shell").'
	);

if (missing.length) {
	if (canInstall) {
		console.log(`Missing ${missing.join(' and ')}: installing Debian’s packages…`);
		execSync(
			`apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq ${missing.join(' ')}`,
			{ stdio: 'inherit' }
		);
	} else {
		if (missing.includes('chromium'))
			console.error(
				`Chromium was not found at ${CHROMIUM}.\n` +
					'Install it with "sudo apt-get install chromium" (Debian/Ubuntu), or point CHROMIUM_PATH at a Chromium binary.'
			);
		if (missing.includes('openssl'))
			console.error(
				'openssl was not found: install it with "sudo apt-get install openssl" (Debian/Ubuntu).'
			);
		if (missing.includes('python3-gitlab'))
			console.error(
				'python3-gitlab was not found: install it with "sudo apt-get install python3-gitlab" (Debian/Ubuntu).'
			);
		process.exit(1);
	}
}
