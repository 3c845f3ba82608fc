// In Node (the local fake servers, unit tests) the demo data is split in memory from the packages.
import type { DemoBibleData } from './data';
import type { DemoBookFile } from './demo-data';
import { buildDemoDataFromPackages } from './node-sources';

export async function openDemoBible(): Promise<DemoBibleData> {
	const { index, files } = await buildDemoDataFromPackages();
	return {
		index,
		async readBook(file) {
			const text = files.get(file);
			if (text === undefined) throw new Error(`No demo book file ${file}`);
			return JSON.parse(text) as DemoBookFile;
		}
	};
}
