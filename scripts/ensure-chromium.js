// End-to-end tests run in Debian's Chromium; browser downloads are not possible here.
import { execSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const CHROMIUM = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

if (!existsSync(CHROMIUM)) {
	const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;
	if (isRoot && existsSync('/usr/bin/apt-get')) {
		console.log('Chromium is missing: installing Debian’s chromium package…');
		execSync(
			'apt-get update -qq && DEBIAN_FRONTEND=noninteractive apt-get install -y -qq chromium',
			{
				stdio: 'inherit'
			}
		);
	} else {
		console.error(
			`Chromium was not found at ${CHROMIUM}.\n` +
				'Install it with "sudo apt-get install chromium" (Debian/Ubuntu), or point CHROMIUM_PATH at a Chromium binary.'
		);
		process.exit(1);
	}
}
