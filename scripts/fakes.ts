// Starts the three demo backends on loopback over real HTTP, with CORS as the real servers answer.
import { parseArgs } from 'node:util';
import { startFakeServers } from './fake-servers';

const { values } = parseArgs({
	options: {
		'port-base': { type: 'string', default: process.env.FAKES_PORT_BASE ?? '8781' },
		host: { type: 'string', default: '127.0.0.1' },
		latency: { type: 'string', default: '0' }
	}
});

const servers = await startFakeServers({
	host: values.host,
	portBase: Number(values['port-base']),
	latencyMs: Number(values.latency)
});
for (const server of servers) console.log(`${server.label.padEnd(14)} ${server.url}`);
console.log('Fault switches: POST {"fault":"429","times":1} to <url>/__faults. Ctrl+C stops.');
