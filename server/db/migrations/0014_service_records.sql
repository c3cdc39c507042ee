CREATE TABLE "consent_versions" (
	"id" serial PRIMARY KEY NOT NULL,
	"program_type" smallint NOT NULL,
	"version" integer NOT NULL,
	"title" varchar(60) NOT NULL,
	"body" text NOT NULL,
	"text_hash" varchar(64) NOT NULL,
	"created_by" integer,
	"created_by_name" varchar(30) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "consent_versions_program_type" CHECK ("consent_versions"."program_type" in (1, 2, 3))
);
--> statement-breakpoint
CREATE TABLE "pigment_uses" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"shop_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"customer_name" varchar(30) NOT NULL,
	"program_name" varchar(50) NOT NULL,
	"staff_name" varchar(30) DEFAULT '' NOT NULL,
	"served_at" timestamp with time zone NOT NULL,
	"brand" varchar(30) NOT NULL,
	"colour" varchar(30) NOT NULL,
	"batch" varchar(40) NOT NULL,
	"expires_on" date NOT NULL,
	"amount" varchar(20) DEFAULT '' NOT NULL,
	"needle" varchar(30) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "service_record_photos" (
	"id" serial PRIMARY KEY NOT NULL,
	"record_id" integer NOT NULL,
	"kind" varchar(10) NOT NULL,
	"stored_name" varchar(100) NOT NULL,
	"created_by" integer,
	"created_by_name" varchar(30) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_record_photos_kind" CHECK ("service_record_photos"."kind" in ('before', 'after', 'touch-up'))
);
--> statement-breakpoint
CREATE TABLE "service_records" (
	"id" serial PRIMARY KEY NOT NULL,
	"shop_id" integer NOT NULL,
	"customer_shop_id" integer NOT NULL,
	"customer_id" integer NOT NULL,
	"customer_name" varchar(30) NOT NULL,
	"appointment_id" integer NOT NULL,
	"program_id" integer NOT NULL,
	"program_name" varchar(50) NOT NULL,
	"program_type" smallint NOT NULL,
	"staff_name" varchar(30) DEFAULT '' NOT NULL,
	"served_at" timestamp with time zone NOT NULL,
	"original_record_id" integer,
	"health" jsonb DEFAULT '[]'::jsonb NOT NULL,
	"health_note" varchar(500) DEFAULT '' NOT NULL,
	"health_answered_at" timestamp with time zone,
	"notes" text DEFAULT '' NOT NULL,
	"override_reason" varchar(200) DEFAULT '' NOT NULL,
	"overridden_by" integer,
	"overridden_by_name" varchar(30) DEFAULT '' NOT NULL,
	"overridden_at" timestamp with time zone,
	"consent_version_id" integer,
	"consent_version" integer,
	"consent_title" varchar(60) DEFAULT '' NOT NULL,
	"consent_text_hash" varchar(64) DEFAULT '' NOT NULL,
	"consent_signed_at" timestamp with time zone,
	"signature_name" varchar(100),
	"photo_consent" boolean DEFAULT false NOT NULL,
	"photo_consent_withdrawn_at" timestamp with time zone,
	"photo_consent_withdrawn_by" integer,
	"photo_consent_withdrawn_by_name" varchar(30) DEFAULT '' NOT NULL,
	"created_by" integer,
	"created_by_name" varchar(30) DEFAULT '' NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "service_records_program_type" CHECK ("service_records"."program_type" in (1, 2, 3)),
	CONSTRAINT "service_records_consent_signed" CHECK (("service_records"."consent_signed_at" is null) = ("service_records"."consent_version_id" is null))
);
--> statement-breakpoint
ALTER TABLE "pigment_uses" ADD CONSTRAINT "pigment_uses_record_id_service_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."service_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_record_photos" ADD CONSTRAINT "service_record_photos_record_id_service_records_id_fk" FOREIGN KEY ("record_id") REFERENCES "public"."service_records"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_records" ADD CONSTRAINT "service_records_shop_id_shops_id_fk" FOREIGN KEY ("shop_id") REFERENCES "public"."shops"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_records" ADD CONSTRAINT "service_records_customer_id_customers_id_fk" FOREIGN KEY ("customer_id") REFERENCES "public"."customers"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_records" ADD CONSTRAINT "service_records_appointment_id_appointments_id_fk" FOREIGN KEY ("appointment_id") REFERENCES "public"."appointments"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_records" ADD CONSTRAINT "service_records_program_id_programs_id_fk" FOREIGN KEY ("program_id") REFERENCES "public"."programs"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "service_records" ADD CONSTRAINT "service_records_consent_version_id_consent_versions_id_fk" FOREIGN KEY ("consent_version_id") REFERENCES "public"."consent_versions"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "consent_versions_type_version_key" ON "consent_versions" USING btree ("program_type","version");--> statement-breakpoint
CREATE INDEX "pigment_uses_record_idx" ON "pigment_uses" USING btree ("record_id");--> statement-breakpoint
CREATE INDEX "pigment_uses_batch_idx" ON "pigment_uses" USING btree ("batch");--> statement-breakpoint
CREATE INDEX "pigment_uses_shop_created_idx" ON "pigment_uses" USING btree ("shop_id","created_at");--> statement-breakpoint
CREATE INDEX "service_record_photos_record_idx" ON "service_record_photos" USING btree ("record_id");--> statement-breakpoint
CREATE UNIQUE INDEX "service_records_appointment_key" ON "service_records" USING btree ("appointment_id");--> statement-breakpoint
CREATE INDEX "service_records_customer_idx" ON "service_records" USING btree ("customer_id","served_at");