// What the tests need from Debian: Chromium for the end-to-end tests (browser downloads are not
// possible here), and python3-gitlab, which runs the explorer's generated python-gitlab code.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
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
		if (missing.includes('python3-gitlab'))
			console.error(
				'python3-gitlab was not found: install it with "sudo apt-get install python3-gitlab" (Debian/Ubuntu).'
			);
		process.exit(1);
	}
}
