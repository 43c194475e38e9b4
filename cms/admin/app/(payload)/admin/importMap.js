import { StaffAccountEmail as StaffAccountEmail_1fc440edb25976d169f43c7e1d8b9c1c } from '../../../fields/StaffAccountEmail'
import { OnOffCell as OnOffCell_a28995e513cfd1fa4ebab63ac868476a } from '../../../fields/TextFlag'
import { RecordHistory as RecordHistory_05186408358795dc9c34aed82c1e88c9 } from '../../../fields/RecordHistory'
import { TextFlagCell as TextFlagCell_a28995e513cfd1fa4ebab63ac868476a } from '../../../fields/TextFlag'
import { TextFlagCheckbox as TextFlagCheckbox_a28995e513cfd1fa4ebab63ac868476a } from '../../../fields/TextFlag'
import { TextLinesField as TextLinesField_0615387166e82cb909df4d8810abea8e } from '../../../fields/TextLines'
import { JsonReadOnly as JsonReadOnly_0615387166e82cb909df4d8810abea8e } from '../../../fields/TextLines'
import { SiteTextPicker as SiteTextPicker_0442c3e1b5c2d9f3b45f4aa548c50871 } from '../../../fields/SiteTextPicker'
import { AdminsOnlyNote as AdminsOnlyNote_1f7abd94133210ce1fdbcf986331ed8b } from '../../../fields/AdminsOnlyNote'
import { RscEntryLexicalCell as RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { RscEntryLexicalField as RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { LexicalDiffComponent as LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e } from '@payloadcms/richtext-lexical/rsc'
import { InlineToolbarFeatureClient as InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { FixedToolbarFeatureClient as FixedToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UploadFeatureClient as UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HorizontalRuleFeatureClient as HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BlockquoteFeatureClient as BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { LinkFeatureClient as LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { OrderedListFeatureClient as OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnorderedListFeatureClient as UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { StrikethroughFeatureClient as StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { UnderlineFeatureClient as UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { BoldFeatureClient as BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ItalicFeatureClient as ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { HeadingFeatureClient as HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { ParagraphFeatureClient as ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864 } from '@payloadcms/richtext-lexical/client'
import { PlayerPublicView as PlayerPublicView_4bcbaa792f8b775d3be081b7a1cef589 } from '../../../../team/fields/PlayerPublicView'
import { PortalProvider as PortalProvider_2ab19e262684f75910305e0a39537ed7 } from '../../../views/PortalProvider'
import { PortalDashboard as PortalDashboard_60ec813456e6e40eb6079008b05c3a7b } from '../../../views/Portal'
import { PortalLogin as PortalLogin_60ec813456e6e40eb6079008b05c3a7b } from '../../../views/Portal'
import { RefusedView as RefusedView_fb35ddb2d1339941e68cf45bf42f6998 } from '../../../views/Refused'
import { CollectionCards as CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1 } from '@payloadcms/next/rsc'

/** @type import('payload').ImportMap */
export const importMap = {
  "/fields/StaffAccountEmail#StaffAccountEmail": StaffAccountEmail_1fc440edb25976d169f43c7e1d8b9c1c,
  "/fields/TextFlag#OnOffCell": OnOffCell_a28995e513cfd1fa4ebab63ac868476a,
  "/fields/RecordHistory#RecordHistory": RecordHistory_05186408358795dc9c34aed82c1e88c9,
  "/fields/TextFlag#TextFlagCell": TextFlagCell_a28995e513cfd1fa4ebab63ac868476a,
  "/fields/TextFlag#TextFlagCheckbox": TextFlagCheckbox_a28995e513cfd1fa4ebab63ac868476a,
  "/fields/TextLines#TextLinesField": TextLinesField_0615387166e82cb909df4d8810abea8e,
  "/fields/TextLines#JsonReadOnly": JsonReadOnly_0615387166e82cb909df4d8810abea8e,
  "/fields/SiteTextPicker#SiteTextPicker": SiteTextPicker_0442c3e1b5c2d9f3b45f4aa548c50871,
  "/fields/AdminsOnlyNote#AdminsOnlyNote": AdminsOnlyNote_1f7abd94133210ce1fdbcf986331ed8b,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalCell": RscEntryLexicalCell_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#RscEntryLexicalField": RscEntryLexicalField_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/rsc#LexicalDiffComponent": LexicalDiffComponent_44fe37237e0ebf4470c9990d8cb7b07e,
  "@payloadcms/richtext-lexical/client#InlineToolbarFeatureClient": InlineToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#FixedToolbarFeatureClient": FixedToolbarFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UploadFeatureClient": UploadFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HorizontalRuleFeatureClient": HorizontalRuleFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BlockquoteFeatureClient": BlockquoteFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#LinkFeatureClient": LinkFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#OrderedListFeatureClient": OrderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnorderedListFeatureClient": UnorderedListFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#StrikethroughFeatureClient": StrikethroughFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#UnderlineFeatureClient": UnderlineFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#BoldFeatureClient": BoldFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ItalicFeatureClient": ItalicFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#HeadingFeatureClient": HeadingFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "@payloadcms/richtext-lexical/client#ParagraphFeatureClient": ParagraphFeatureClient_e70f5e05f09f93e00b997edb1ef0c864,
  "/../team/fields/PlayerPublicView#PlayerPublicView": PlayerPublicView_4bcbaa792f8b775d3be081b7a1cef589,
  "/views/PortalProvider#PortalProvider": PortalProvider_2ab19e262684f75910305e0a39537ed7,
  "/views/Portal#PortalDashboard": PortalDashboard_60ec813456e6e40eb6079008b05c3a7b,
  "/views/Portal#PortalLogin": PortalLogin_60ec813456e6e40eb6079008b05c3a7b,
  "/views/Refused#RefusedView": RefusedView_fb35ddb2d1339941e68cf45bf42f6998,
  "@payloadcms/next/rsc#CollectionCards": CollectionCards_f9c02e79a4aed9a3924487c0cd4cafb1
}
