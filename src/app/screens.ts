import { type ComponentType, type LazyExoticComponent, lazy } from 'react';
import type { ScreenKey } from '../../domain/platform/routes';
import { LoginPage } from '../areas/platform/LoginPage';
import { NotFoundPage } from '../areas/platform/NotFoundPage';
import { loadChunk } from './chunks';

type Loader = () => Promise<ComponentType>;

// One chunk per area: every screen of an area comes with the first one opened (spec 000 §8 chunk rules).
const platform = () => loadChunk(() => import('../areas/platform/screens'));
const pm = () => loadChunk(() => import('../areas/pm/screens'));
const costing = () => loadChunk(() => import('../areas/costing/screens'));
const productionPlan = () => loadChunk(() => import('../areas/production-plan/screens'));
const algorithms = () => loadChunk(() => import('../areas/algorithms/screens'));

/**
 * Every built screen of the route table (domain/platform/routes.ts `screen`), by key. Login and Not
 * Found are part of the first load; the rest load with their area. A unit test checks that every key
 * the table uses is here, so "built" in the catalogue is never a claim without a screen.
 */
export const screenLoaders: Record<Exclude<ScreenKey, 'login' | 'notfound'>, Loader> = {
  intro: () => platform().then((m) => m.IntroPage),
  connections: () => platform().then((m) => m.ConnectionsPage),
  screenviewer: () => platform().then((m) => m.ScreenViewerPage),
  translations: () => platform().then((m) => m.TranslationsPage),
  videoeditor: () => platform().then((m) => m.VideoEditorPage),
  sopeditor: () => platform().then((m) => m.SopEditorPage),
  videobrowser: () => platform().then((m) => m.VideoBrowserPage),
  clienterrors: () => platform().then((m) => m.ClientErrorsPage),
  widgets: () => platform().then((m) => m.WidgetGalleryPage),
  pmOrderLoading: () => pm().then((m) => m.PmOrderLoadingPage),
  costingEngines: () => costing().then((m) => m.CostingEnginesPage),
  engineEditor: () => costing().then((m) => m.EngineEditorPage),
  engineTesting: () => costing().then((m) => m.EngineTestingPage),
  productionPlans: () => productionPlan().then((m) => m.ProductionPlansPage),
  machineRates: () => productionPlan().then((m) => m.MachineRatesPage),
  workcenters: () => productionPlan().then((m) => m.WorkcentersPage),
  algorithmGroups: () => algorithms().then((m) => m.AlgorithmGroupsPage),
  algorithmList: () => algorithms().then((m) => m.AlgorithmListPage),
  algorithmEditor: () => algorithms().then((m) => m.AlgorithmEditorPage),
  pbProperties: () => algorithms().then((m) => m.PbPropertiesPage),
  algorithmRates: () => algorithms().then((m) => m.AlgorithmRatesPage),
  algorithmAnalysis: () => algorithms().then((m) => m.AlgorithmAnalysisPage),
  algorithmTesting: () => algorithms().then((m) => m.AlgorithmTestingPage),
  operationAlgorithm: () => algorithms().then((m) => m.OperationAlgorithmPage),
  productionPlan: () => productionPlan().then((m) => m.ProductionPlanPage),
};

const cache = new Map<ScreenKey, ComponentType | LazyExoticComponent<ComponentType>>([
  ['login', LoginPage],
  ['notfound', NotFoundPage],
]);

/** The component for a screen key: static for Login and Not Found, React.lazy (made once) for the rest. */
export function screenComponent(key: ScreenKey): ComponentType {
  let c = cache.get(key);
  if (!c) {
    const load = screenLoaders[key as keyof typeof screenLoaders];
    c = lazy(() => load().then((component) => ({ default: component })));
    cache.set(key, c);
  }
  return c as ComponentType;
}
