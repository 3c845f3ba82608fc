// npm run test:mutation [-- <folder>…] [-- stryker options]: mutation testing of src/lib/<folder>
// with StrykerJS, one folder after another (default: http codehost energy bible).
// The folder can also come from MUTATION_FOLDER. Reports: reports/mutation/<folder>.html.
import { spawnSync } from 'node:child_process';

const FOLDERS = ['http', 'codehost', 'energy', 'bible'];
const args = process.argv.slice(2);
const named = args.filter((a) => FOLDERS.includes(a));
const passThrough = args.filter((a) => !FOLDERS.includes(a));
const unknown = passThrough.filter((a) => !a.startsWith('-'));
if (unknown.length > 0) {
	console.error(`Unknown folder ${unknown.join(', ')}; choose from ${FOLDERS.join(', ')}.`);
	process.exit(2);
}
const fromEnv = process.env.MUTATION_FOLDER?.split(/[\s,]+/).filter(Boolean) ?? [];
const folders = named.length > 0 ? named : fromEnv.length > 0 ? fromEnv : FOLDERS;

let failed = false;
for (const folder of folders) {
	if (!FOLDERS.includes(folder)) {
		console.error(`Unknown folder ${folder}; choose from ${FOLDERS.join(', ')}.`);
		process.exit(2);
	}
	const started = Date.now();
	console.log(`\n== Mutation testing src/lib/${folder} (tests/unit/${folder}) ==`);
	const run = spawnSync('npx', ['stryker', 'run', ...passThrough], {
		stdio: 'inherit',
		env: { ...process.env, STRYKER_FOLDER: folder }
	});
	const minutes = ((Date.now() - started) / 60000).toFixed(1);
	const end = run.signal ? `was stopped by ${run.signal}` : `exited ${run.status}`;
	console.log(`== src/lib/${folder}: stryker ${end} after ${minutes} min ==`);
	failed ||= run.status !== 0;
}
process.exit(failed ? 1 : 0);
