// The seller's workspace API (issue 15): every route under WORKSPACE, each guarded by its action.
import type { FastifyInstance } from 'fastify';
import type { Services } from '../../services/index.ts';
import { workspaceAuditRoutes } from './audit.ts';
import { workspaceCatalogueRoutes } from './catalogue.ts';
import { workspaceImportRoutes } from './imports.ts';
import { workspaceOrderRoutes } from './orders.ts';
import { workspaceCustomerRoutes } from './customers.ts';
import { workspacePromotionRoutes } from './promotions.ts';
import { workspaceSettingsRoutes } from './settings.ts';
import { workspaceMediaRoutes } from './media.ts';
import { workspaceDatasetPickRoutes } from './dataset-picks.ts';
import { workspaceTaxonomyRoutes } from './taxonomy.ts';
import { workspaceProductClassRoutes } from './product-classes.ts';
import { workspaceSellingModelRoutes } from './selling-models.ts';
import { workspaceSeoSettingsRoutes } from './seo-settings.ts';
import { workspaceContentRoutes } from './content.ts';
import { workspaceInsightsRoutes } from './insights.ts';
import { workspaceDatasetFileRoutes } from './dataset-files.ts';
import { workspaceListPricingRoutes } from './list-pricing.ts';

export function workspaceRoutes(app: FastifyInstance, s: Services): void {
  workspaceCatalogueRoutes(app, s);
  workspaceProductClassRoutes(app, s);
  workspaceSellingModelRoutes(app, s);
  workspaceMediaRoutes(app, s);
  workspaceDatasetPickRoutes(app, s);
  workspaceImportRoutes(app, s);
  workspaceAuditRoutes(app, s);
  workspaceOrderRoutes(app, s);
  workspacePromotionRoutes(app, s);
  workspaceCustomerRoutes(app, s);
  workspaceSettingsRoutes(app, s);
  workspaceTaxonomyRoutes(app, s);
  workspaceSeoSettingsRoutes(app, s);
  workspaceContentRoutes(app, s);
  workspaceInsightsRoutes(app, s);
  workspaceDatasetFileRoutes(app, s);
  workspaceListPricingRoutes(app, s);
}
