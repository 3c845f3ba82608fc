import { spawn } from 'node:child_process';
import { cpSync, mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

export interface StaticServer {
	url: string;
	dir: string;
	stop: () => Promise<void>;
}

/**
 * A static host of its own for a test that changes or stops it (offline, a new deploy). `tls`: a
 * key and certificate (files) to serve HTTPS over HTTP/2 with.
 */
export async function startStaticServer(
	port: number,
	options: { copyOf?: string; tls?: { key: string; cert: string } } = {}
): Promise<StaticServer> {
	let dir = 'build';
	if (options.copyOf) {
		dir = join(mkdtempSync(join(tmpdir(), 'site-')), 'build');
		cpSync(options.copyOf, dir, { recursive: true });
	}
	const child = spawn(
		process.execPath,
		[
			'scripts/serve.js',
			'--dir',
			dir,
			'--port',
			String(port),
			...(options.tls ? ['--tls-key', options.tls.key, '--tls-cert', options.tls.cert] : [])
		],
		{
			stdio: ['ignore', 'pipe', 'inherit']
		}
	);
	await new Promise<void>((resolve, reject) => {
		child.stdout.on('data', (chunk: Buffer) => chunk.toString().includes('Serving') && resolve());
		child.on('exit', (code) => reject(new Error(`static server exited with ${code}`)));
	});
	return {
		url: `${options.tls ? 'https' : 'http'}://127.0.0.1:${port}`,
		dir,
		stop: () =>
			new Promise((resolve) => {
				child.once('exit', () => resolve());
				child.kill();
			})
	};
}
