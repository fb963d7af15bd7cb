/** The costing area's screens (issue 5, item 4: the costing engines), one lazily loaded chunk. */
export { CostingEnginesPage } from './CostingEnginesPage';
export { EngineEditorPage } from './EngineEditorPage';
export { EngineTestingPage } from './EngineTestingPage';
